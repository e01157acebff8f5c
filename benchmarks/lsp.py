"""Diagnostics latency of ``bbg lsp`` for an edit of a default-size content.

Run ``python benchmarks/lsp.py [EDITS]``. Copies the default content to a
temporary directory, starts ``bbg lsp`` over stdio with pygls's client, opens
``buildings.yaml`` and sends EDITS (default 30) whole-document changes,
alternating a cost change and a misspelled resource, each timed from the
``didChange`` sent to the ``publishDiagnostics`` of that file received. Prints
the median, the 90th percentile and the slowest, and the same check made in this
process (no protocol, no process boundary) side by side. The target is 200 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from baldurs_rules.content import default_content_dir
from baldurs_rules.dsl.parser import remember_trees
from baldurs_rules.lsp.analysis import Workbench

SERVER = [sys.executable, "-c", "from baldurs_rules.cli import main; main()", "lsp"]
TARGET_MS = 200


def _edits(text: str, count: int) -> list[str]:
    """Alternately: one cost changed, one resource misspelled (a diagnostic to publish)."""
    assert "cost: 2" in text and "gain 1 gold" in text
    changed = text.replace("cost: 2", "cost: 3", 1)
    typo = text.replace("gain 1 gold", "gain 1 gald", 1)
    return [changed if i % 2 == 0 else typo for i in range(count)]


async def _over_stdio(file: Path, edits: list[str]) -> list[float]:
    client = LanguageClient("bench", "1")
    published: asyncio.Queue[float] = asyncio.Queue()
    uri = file.resolve().as_uri()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params: types.PublishDiagnosticsParams) -> None:
        if params.uri == uri:
            published.put_nowait(time.perf_counter())

    await client.start_io(*SERVER)
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    text = file.read_text("utf-8")
    item = types.TextDocumentItem(uri=uri, language_id="yaml", version=0, text=text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    await published.get()  # the first check (cold: grammar, schemas, every effect)
    times = []
    for version, edit in enumerate(edits, start=1):
        sent = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=edit)],
            )
        )
        times.append((await published.get() - sent) * 1000)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times


def _in_process(file: Path, edits: list[str]) -> list[float]:
    remember_trees(True)
    bench = Workbench()
    path = file.resolve()
    bench.texts[path] = file.read_text("utf-8")
    bench.check(path.parent)
    times = []
    for edit in edits:
        bench.texts[path] = edit
        start = time.perf_counter()
        bench.check(path.parent)
        times.append((time.perf_counter() - start) * 1000)
    return times


def _line(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{label:34} median {statistics.median(times):6.1f} ms   p90 {p90:6.1f} ms"
        f"   max {max(times):6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edits", type=int, nargs="?", default=30, help="edits to time")
    count = parser.parse_args().edits
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder) / "content"
        shutil.copytree(default_content_dir(), directory)
        file = directory / "buildings.yaml"
        edits = _edits(file.read_text("utf-8"), count)
        stdio = asyncio.run(_over_stdio(file, edits))
        local = _in_process(file, edits)
    print(f"{count} edits of buildings.yaml of the default content (target {TARGET_MS} ms)")
    print(_line("diagnostics over stdio (bbg lsp)", stdio))
    print(_line("the same check in this process", local))


if __name__ == "__main__":
    main()
