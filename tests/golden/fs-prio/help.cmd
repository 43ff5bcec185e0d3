fs-prio --help | head -3
