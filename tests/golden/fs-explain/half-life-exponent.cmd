fs-tree --sample | sed 's/^#half_life=.*/#half_life=1e5/' | fs-rank | fs-explain chem/alice astro/alice
