"""The language server: pygls wiring of the [`Workbench`][baldurs_rules.lsp.analysis.Workbench].

On every open and change of a content file (``mod.yaml``, ``buildings.yaml``, ...)
it publishes the diagnostics of its whole directory, as ``bbg validate`` reports
them; it answers hover, completion and go-to-definition from the last content of
that directory that loaded. A request it cannot answer gets an empty answer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from baldurs_rules._build import VERSION
from baldurs_rules.dsl.parser import remember_trees
from baldurs_rules.lsp.analysis import Diagnostic, Place, Workbench, content_directory

__all__ = ["make_server", "serve"]

_LOG = logging.getLogger(__name__)
P = ParamSpec("P")
R = TypeVar("R")

_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
}


class ContentServer(LanguageServer):
    """A language server with a workbench and the files it published diagnostics for."""

    def __init__(self) -> None:
        super().__init__(
            "bbg-lsp", VERSION, text_document_sync_kind=types.TextDocumentSyncKind.Full
        )
        self.bench = Workbench()


def _path(uri: str) -> Path | None:
    path = to_fs_path(uri)
    return Path(path).resolve() if path else None


def _range(place: Place) -> types.Range:
    return types.Range(
        start=types.Position(line=place.line, character=place.column),
        end=types.Position(line=place.end_line, character=place.end_column),
    )


def _diagnostic(found: Diagnostic) -> types.Diagnostic:
    return types.Diagnostic(
        range=_range(found.place),
        message=found.message,
        severity=_SEVERITY[found.severity],
        source="bbg",
    )


def publish(server: ContentServer, path: Path) -> None:
    """Check the directory of ``path`` and publish the diagnostics of each of its files."""
    directory = content_directory(path)
    if directory is None:
        return
    for file, found in server.bench.check(directory).items():
        uri = from_fs_path(str(file)) or file.as_uri()
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[_diagnostic(d) for d in found])
        )


def did_open(ls: ContentServer, params: types.DidOpenTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is not None:
        ls.bench.texts[path] = params.text_document.text
        _safely(publish, ls, path)


def did_change(ls: ContentServer, params: types.DidChangeTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is None:
        return
    for change in params.content_changes:
        if isinstance(change, types.TextDocumentContentChangeWholeDocument):
            ls.bench.texts[path] = change.text
    _safely(publish, ls, path)


def did_close(ls: ContentServer, params: types.DidCloseTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is not None:
        ls.bench.texts.pop(path, None)
        _safely(publish, ls, path)


def hover(ls: ContentServer, params: types.HoverParams) -> types.Hover | None:
    path, pos = _path(params.text_document.uri), params.position
    text = _safely(ls.bench.hover, path, pos.line, pos.character) if path else None
    if not text:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))


def completion(ls: ContentServer, params: types.CompletionParams) -> types.CompletionList:
    path, pos = _path(params.text_document.uri), params.position
    found = _safely(ls.bench.complete, path, pos.line, pos.character) if path else None
    items = [types.CompletionItem(label=c.label, detail=c.detail) for c in found or []]
    return types.CompletionList(is_incomplete=False, items=items)


def definition(ls: ContentServer, params: types.DefinitionParams) -> types.Location | None:
    path, pos = _path(params.text_document.uri), params.position
    place = _safely(ls.bench.definition, path, pos.line, pos.character) if path else None
    if place is None:
        return None
    uri = from_fs_path(str(place.file)) or place.file.as_uri()
    return types.Location(uri=uri, range=_range(place))


def make_server() -> ContentServer:
    """A server with every feature registered (not started)."""
    server = ContentServer()
    server.feature(types.TEXT_DOCUMENT_DID_OPEN)(did_open)
    server.feature(types.TEXT_DOCUMENT_DID_CHANGE)(did_change)
    server.feature(types.TEXT_DOCUMENT_DID_CLOSE)(did_close)
    server.feature(types.TEXT_DOCUMENT_HOVER)(hover)
    words = types.CompletionOptions(trigger_characters=[" ", "(", "[", ":"])
    server.feature(types.TEXT_DOCUMENT_COMPLETION, words)(completion)
    server.feature(types.TEXT_DOCUMENT_DEFINITION)(definition)
    return server


def _safely(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R | None:
    """Call ``fn``; log anything it raises and answer nothing (a half-typed file is normal)."""
    try:
        return fn(*args, **kwargs)
    except Exception:
        _LOG.exception("bbg lsp: %s failed", getattr(fn, "__name__", fn))
        return None


def serve() -> None:
    """Run the language server over stdin and stdout until the client ends it."""
    remember_trees(True)
    make_server().start_io()
