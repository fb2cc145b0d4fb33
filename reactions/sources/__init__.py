"""Sources: where articles come from, read safely: files and folders (:mod:`.files`), uploads and zip archives
(:mod:`.uploads`)."""
