fs-tree --sample | fs-rank | fs-report --prometheus --scope all |
    grep '^fairshare_user_factor{.*user="alice"'
