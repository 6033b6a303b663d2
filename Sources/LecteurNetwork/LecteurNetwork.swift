// LecteurNetwork: adapter, filled in by its issue.
