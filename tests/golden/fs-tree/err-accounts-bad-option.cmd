fs-tree -A x,y --bogus
