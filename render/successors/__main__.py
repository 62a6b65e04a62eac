"""`python -m render.successors [FOLDER]`: regenerate the example pictures (default `examples/`)."""
import sys

from render.successors.examples import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
