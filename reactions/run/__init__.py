"""The one path from sources to a scored frame (:func:`reactions.run.pipeline.extract_frame`): its tasks, the
executors that run them (:mod:`.executors`: this process, a process pool: :mod:`.scheduler`, :mod:`.parallel`; a
Dask cluster: :mod:`.dask`; guarded workers with a time limit per file: :mod:`.guard`) and the signed caches they reuse
(:mod:`.cache`, :mod:`.framecache`)."""
