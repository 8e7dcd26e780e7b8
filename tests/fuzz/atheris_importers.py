"""Coverage-guided fuzzing of the importers with atheris (libFuzzer): every input is either events or a clean
``InputError``; anything else is a crash. Run bounded from ``tests/test_fuzz.py``; by hand for longer:

    python tests/fuzz/atheris_importers.py -max_total_time=600 -max_len=4096 [CORPUS_DIR]
"""

from __future__ import annotations

import contextlib
import io
import sys

import atheris

with atheris.instrument_imports():
    from awaw_events import io as event_io
    from awaw_events.errors import InputError


def test_one_input(data: bytes) -> None:
    fmt = "yaml" if data[:1] == b"y" else "jsonl"
    with contextlib.suppress(InputError):
        event_io.read_events(io.BytesIO(data[1:]), fmt)


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
