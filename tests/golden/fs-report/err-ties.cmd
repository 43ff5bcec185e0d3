fs-tree --sample | sed 's/^#algorithm=.*/#ties=coin/' | fs-report
