fs-rank
