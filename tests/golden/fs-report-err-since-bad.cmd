# Not a TSV tree: fs-report/err-since-bad gives this file to fs-report
# --since. It was that case's own command when the cases were one flat
# folder; its expected error names this path, so the file stays here.
