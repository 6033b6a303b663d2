// LecteurStorage: adapter, filled in by its issue.
