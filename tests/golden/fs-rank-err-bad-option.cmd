fs-rank --bogus
