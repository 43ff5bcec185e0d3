diff <(fs-tree --sample | fs-report --markdown) <(fs-tree --sample | fs-rank | fs-report --markdown) && echo same report from the unranked tree
