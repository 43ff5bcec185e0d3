fs-rank --usage chem/grace=-1 /dev/null
