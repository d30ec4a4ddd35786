package orders

// MinimalExample is the hint Parse gives for a text that holds no orders.
// It names the example campaign's IDs; a caller that knows the sender's
// own (the moderator) may put a hint with those in its place.
const MinimalExample = minimalExample
