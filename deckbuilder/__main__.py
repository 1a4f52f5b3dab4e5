from deckbuilder.cli import main

raise SystemExit(main())
