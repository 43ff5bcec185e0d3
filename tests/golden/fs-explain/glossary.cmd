fs-tree --sample | fs-explain --glossary
fs-tree --sample | fs-explain --glossary theory/frank | sed -n '/^NormShares/,/^$/p;/^LevelFS/,/^$/p'
fs-tree --sample | fs-explain --glossary --algorithm classic chem/alice
