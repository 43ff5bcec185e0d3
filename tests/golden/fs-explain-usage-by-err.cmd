fs-tree --sample | fs-explain --usage-by physics chem; echo "status $?"
fs-tree --sample | fs-explain --usage-by --forecast physics chem; echo "status $?"
fs-tree --sample | fs-explain --usage-by nobody; echo "status $?"
