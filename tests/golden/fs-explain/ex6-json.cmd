fs-explain --json ub ua trees/ex6.tsv | grep -E "level_fs|near_miss|order|rule"
