fs-explain --shares chem bob /dev/null
