package report

// Samples and Variants are the samples of every text the moderator sends
// (say_test.go), for the tests outside the package.
var (
	Samples  = samples
	Variants = variants
)

// HasSubject reports whether a text is a mail, with a subject of its own.
func HasSubject(t Text) bool { return texts.Lookup(textName(t)+".subject") != nil }
