fs-rank --shares chem=4294967296 /dev/null
