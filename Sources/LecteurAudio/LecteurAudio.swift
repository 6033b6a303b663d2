// LecteurAudio: adapter, filled in by its issue.
