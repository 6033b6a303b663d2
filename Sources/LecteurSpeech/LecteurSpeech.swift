// LecteurSpeech: adapter, filled in by its issue.
