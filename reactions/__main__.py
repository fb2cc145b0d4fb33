from reactions.cli import main

raise SystemExit(main())
