fs-decay --jobs - --elapsed 1d
