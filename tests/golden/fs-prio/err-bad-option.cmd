fs-prio --bogus
