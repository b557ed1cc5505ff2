99 include-file
