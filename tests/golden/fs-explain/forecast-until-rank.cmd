fs-tree --sample | fs-explain --until rank=12 astro/alice --rate-from golden/forecast-sacct.txt --window 3d
