fs-explain
