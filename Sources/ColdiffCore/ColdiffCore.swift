// Placeholder until the changeset core lands.
