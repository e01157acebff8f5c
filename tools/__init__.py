"""Scripts of the repository that are not part of the library (run from the repository root)."""
