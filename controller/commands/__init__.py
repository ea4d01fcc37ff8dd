"""Sub-commands of ``pitboss``: one module each, each with ``register(subparsers)``.

A module sets ``handler`` on its parser (``parser.set_defaults(handler=run)``);
``run(args) -> int`` returns the exit status. Heavy imports (OpenCV, FastAPI)
go inside ``run`` so ``pitboss --help`` stays instant.
"""
