fs-rank nosuchfile.tsv
