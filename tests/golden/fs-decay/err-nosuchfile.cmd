fs-decay --elapsed 1d nosuchfile.tsv
