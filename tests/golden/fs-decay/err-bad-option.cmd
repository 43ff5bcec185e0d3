fs-decay --bogus
