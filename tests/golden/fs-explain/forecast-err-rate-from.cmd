fs-tree --sample | fs-explain --forecast astro/alice bob --rate-from golden/no-such-file
