"""``bbg lsp`` driven over stdio by a real LSP client (pytest-lsp).

initialize, didOpen of a file with a typo (a diagnostic at the typo with the
suggestion), didChange fixing it (the diagnostic clears), hover, completion,
definition, a half-typed file, shutdown.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from baldurs_rules import load_content

SERVER = [sys.executable, "-c", "from baldurs_rules.cli import main; main()", "lsp"]

GUILD = """\
buildings:
  - id: lamplighters_guild
    name: The Lamplighters' Guild
    type: trading_hall
    cost: 4
    when_built: "gain 1 {word}"
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities())
    )
    yield
    await lsp_client.shutdown_session()


def _mod(tmp_path: Path) -> tuple[Path, str]:
    mod = tmp_path / "lamp"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: Lamps\n", "utf-8")
    file = mod / "buildings.yaml"
    file.write_text(GUILD.format(word="supply"), "utf-8")
    return file, file.resolve().as_uri()


async def _diagnostics(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    """The next diagnostics published for ``uri`` (others are skipped)."""
    client.diagnostics.pop(uri, None)
    while uri not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


def _open(client: LanguageClient, uri: str, text: str) -> None:
    item = types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))


def _change(client: LanguageClient, uri: str, text: str, version: int) -> None:
    document = types.VersionedTextDocumentIdentifier(uri=uri, version=version)
    change = types.TextDocumentContentChangeWholeDocument(text=text)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(text_document=document, content_changes=[change])
    )


@pytest.mark.asyncio
async def test_diagnostics_hover_completion_definition(
    client: LanguageClient, tmp_path: Path
) -> None:
    file, uri = _mod(tmp_path)
    typo = GUILD.format(word="suply")
    _open(client, uri, typo)
    (found,) = await _diagnostics(client, uri)
    assert found.severity == types.DiagnosticSeverity.Error
    assert found.message == "unknown resource 'suply'; did you mean 'supply'?"
    column = typo.splitlines()[5].index("suply")
    assert (found.range.start.line, found.range.start.character) == (5, column)
    assert (found.range.end.line, found.range.end.character) == (5, column + len("suply"))

    _change(client, uri, GUILD.format(word="supply"), 2)
    assert await _diagnostics(client, uri) == []

    # hover on the effect: the card's English text
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=5, character=20),
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "The Lamplighters' Guild — trading hall, cost 4 gold" in hover.contents.value
    assert "When built: Gain 1 supply." in hover.contents.value

    # completion inside the effect string offers resources and keywords
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=5, character=20),
        )
    )
    assert completion is not None
    labels = {item.label for item in completion.items}  # type: ignore[union-attr]
    assert {"supply", "gold", "gain", "pay", "thieves_guild"} <= labels

    # go to the definition of a card named in mod.yaml's remove list
    content = load_content()
    target = next(iter(content.agendas))
    manifest = file.parent / "mod.yaml"
    manifest_text = f"name: Lamps\nremove:\n  agendas: [{target}]\n"
    manifest.write_text(manifest_text, "utf-8")
    manifest_uri = manifest.resolve().as_uri()
    _open(client, manifest_uri, manifest_text)
    assert await _diagnostics(client, manifest_uri) == []
    place = types.Position(line=2, character=len("  agendas: [") + 2)
    where = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=manifest_uri), position=place
        )
    )
    assert isinstance(where, types.Location)
    assert where.uri.endswith("/agendas.yaml")
    target_line = (
        Path(where.uri.removeprefix("file://"))
        .read_text("utf-8")
        .splitlines()[where.range.start.line]
    )
    assert target_line[where.range.start.character :].startswith(target)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=manifest_uri), position=place
        )
    )
    assert hover is not None and content.agendas[target].name in str(hover.contents)


@pytest.mark.asyncio
async def test_a_half_typed_file_never_stops_the_server(
    client: LanguageClient, tmp_path: Path
) -> None:
    _file, uri = _mod(tmp_path)
    text = GUILD.format(word="supply")
    for version, cut in enumerate(range(len(text), 0, -37), start=1):
        half = text[:cut]
        if version == 1:
            _open(client, uri, half)
        else:
            _change(client, uri, half, version)
        await _diagnostics(client, uri)
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=half.count("\n"), character=3),
            )
        )
        assert hover is None or isinstance(hover.contents, types.MarkupContent)
    _change(client, uri, 'buildings:\n  - {id: "\\ud800", when_built: "gain (((("}\n', 99)
    assert await _diagnostics(client, uri)  # problems, not a crash
    _change(client, uri, text, 100)
    assert await _diagnostics(client, uri) == []
