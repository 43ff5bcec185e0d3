fs-tree --sample | sed 's/^#algorithm=.*/#algorithm=lottery/' | fs-report
