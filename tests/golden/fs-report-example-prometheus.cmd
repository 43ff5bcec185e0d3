fs-tree --sample | fs-rank | fs-report --prometheus |
    grep '^fairshare_factor{.*user="alice"'
