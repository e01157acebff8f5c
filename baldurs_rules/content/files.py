"""Reading content files safely: regular files inside their own directory, size-limited.

A content (or mod) directory is untrusted input. Only the fixed file names of
the content kinds are ever read, and each must be a regular file inside the
directory's own tree: a symbolic link pointing out of it, a device, a FIFO, a
socket or a directory in its place is refused with a located
[`ContentError`][baldurs_rules.errors.ContentError], before anything is read.
Sizes are checked on the open file, and no more than
[`MAX_BYTES`][baldurs_rules.content.files.MAX_BYTES] + 1 bytes are ever read, so
a huge sparse file or a file that lies about its size (``/proc``) costs nothing.

Examples:
    >>> from baldurs_rules.content.files import default_content_dir, read_content_file
    >>> data = read_content_file(default_content_dir(), "gates.yaml")
    >>> data is not None and data.startswith(b"#")
    True
"""

from __future__ import annotations

import difflib
import errno
import os
import stat
from pathlib import Path

from baldurs_rules._resources import bundled_mods, default_content_dir
from baldurs_rules.errors import ContentError, Location, Problem

__all__ = [
    "MAX_BYTES",
    "SPECIAL_ROOTS",
    "bundled_mods",
    "content_directory",
    "default_content_dir",
    "directory_problem",
    "display_name",
    "read_content_file",
    "real_directory",
]

MAX_BYTES = 500_000
"""The largest content file accepted, in bytes (the largest default file is about 13 KB)."""

SPECIAL_ROOTS = ("/proc", "/sys", "/dev")
"""Directories whose files are not files: content is never read from inside them."""

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def display_name(path: Path) -> str:
    """How a file of the installed default content is named in messages.

    Relative to the current directory when it is under it, absolute otherwise,
    so the name can always be opened from where the user is.

    Examples:
        >>> import os
        >>> display_name(Path(os.getcwd()) / "x" / "y.yaml") == os.path.join("x", "y.yaml")
        True
        >>> display_name(Path("/nowhere/y.yaml"))
        '/nowhere/y.yaml'
    """
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except (OSError, ValueError):
        return str(absolute)


def _fail(name: str, message: str) -> ContentError:
    return ContentError(Problem(Location(name, 1, 1), message))


def directory_problem(directory: Path) -> tuple[Path | None, str]:
    """The resolved path of a content directory, or None and why it cannot be used.

    Examples:
        >>> directory_problem(Path("/nowhere"))
        (None, 'not found')
        >>> directory_problem(Path("/proc/self"))[1]
        'inside /proc, whose files are not files'
    """
    try:
        real = directory.resolve(strict=True)
    except RuntimeError:  # Python < 3.13 reports a symbolic link loop this way
        return None, "a symbolic link loop"
    except OSError as exc:
        return None, "a symbolic link loop" if exc.errno == errno.ELOOP else "not found"
    for root in SPECIAL_ROOTS:
        if real.is_relative_to(root):
            return None, f"inside {root}, whose files are not files"
    if not real.is_dir():
        return None, "not found"
    return real, ""


def is_bare_name(text: str) -> bool:
    """Whether ``text`` names a bundled mod rather than a path: one word, no separator."""
    return bool(text) and not any(c in text for c in "/\\:") and not text.startswith(".")


def content_directory(path: str | os.PathLike[str] | None) -> Path:
    """The directory a content argument stands for: a path, or the name of a bundled mod.

    ``None`` and ``"default"`` are the default content; an existing directory is
    itself; any other single word (no path separator) names a bundled mod (see
    [`bundled_mods`][baldurs_rules._resources.bundled_mods]).

    Raises:
        ContentError: A single word that is neither a directory here nor a bundled
            mod; the message lists the bundled names.

    Examples:
        >>> content_directory("tuned").name
        'tuned'
        >>> content_directory("default") == default_content_dir()
        True
    """
    if path is None:
        return default_content_dir()
    given = Path(path)
    text = os.fspath(path)
    if given.is_dir() or not is_bare_name(text):
        return given
    if text == "default":
        return default_content_dir()
    mods = bundled_mods()
    if text in mods:
        return mods[text]
    names = ["default", *mods]
    close = difflib.get_close_matches(text, names, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise _fail(
        text,
        f"no content directory {text!r} here, and no bundled content of that name"
        f" (bundled: {', '.join(names)}){hint}",
    )


def real_directory(directory: Path, name: str | None = None) -> Path:
    """The resolved path of a content directory, refusing loops and special file systems.

    Args:
        directory: The directory as given.
        name: How to name it in messages (default: the path as given).

    Raises:
        ContentError: It does not exist, is not a directory, is a symbolic link
            loop, or lies in ``/proc``, ``/sys`` or ``/dev``.
    """
    real, why = directory_problem(directory)
    if real is None:
        raise _fail(name or str(directory), f"content directory {why}")
    return real


def read_content_file(directory: Path, name: str, shown: str | None = None) -> bytes | None:
    """The bytes of ``directory/name``, or None when there is no such file.

    Args:
        directory: A content directory (checked with
            [`real_directory`][baldurs_rules.content.files.real_directory]).
        name: A plain file name (no directory part).
        shown: How to name the file in messages (default: ``directory/name``).

    Raises:
        ContentError: The entry is a symbolic link out of the directory (or a
            broken one), not a regular file, larger than ``MAX_BYTES`` or unreadable.
    """
    shown = shown or str(directory / name)
    real_dir = real_directory(directory)
    target = _target(real_dir, real_dir / name, shown)
    if target is None:
        return None
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(target, flags)
    except OSError as exc:
        raise _fail(shown, f"cannot read file: {exc.strerror}") from None
    try:
        return _read_regular(fd, shown)
    finally:
        os.close(fd)


def _target(real_dir: Path, path: Path, shown: str) -> Path | None:
    """The file to open for ``path``: itself, or where its symbolic link points inside the tree."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _fail(shown, f"cannot read file: {exc.strerror}") from None
    if not stat.S_ISLNK(info.st_mode):
        _check_regular(info, shown)
        return path
    try:
        target = path.resolve(strict=True)
        info = os.stat(target)
    except (OSError, RuntimeError):
        raise _fail(shown, "file is a broken symbolic link (or a link loop)") from None
    if not target.is_relative_to(real_dir):
        raise _fail(
            shown,
            "file is a symbolic link to a file outside its content directory;"
            " copy the file into the directory instead",
        )
    _check_regular(info, shown)
    return target


def _check_regular(info: os.stat_result, shown: str) -> None:
    """Refuse anything but a regular file, and files over the size limit, before opening."""
    for test, kind in _KINDS:
        if test(info.st_mode):
            raise _fail(shown, f"{kind} is not a content file; it must be a regular file")
    if not stat.S_ISREG(info.st_mode):
        raise _fail(shown, "not a regular file")
    if info.st_size > MAX_BYTES:
        raise _fail(shown, f"file is larger than {MAX_BYTES} bytes")


def _read_regular(fd: int, shown: str) -> bytes:
    mode = os.fstat(fd)  # the file opened may not be the one checked: check again
    _check_regular(mode, shown)
    chunks: list[bytes] = []
    total = 0
    try:
        while total <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 16, MAX_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise _fail(shown, f"cannot read file: {exc.strerror}") from None
    if total > MAX_BYTES:  # the file grew, or its size was not its size
        raise _fail(shown, f"file is larger than {MAX_BYTES} bytes")
    return b"".join(chunks)
