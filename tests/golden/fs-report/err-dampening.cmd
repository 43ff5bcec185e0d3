fs-tree --sample | sed 's/^#dampening=.*/#dampening=0/' | fs-report
