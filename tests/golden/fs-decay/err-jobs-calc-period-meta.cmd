fs-decay --jobs golden/fs-decay-sample.jobs --elapsed 1d
