package account

import (
	"errors"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/secure/precis"

	"github.com/carrom-game/carrom/internal/httpapi"
)

// ErrBadName refuses a name outside the rules of CanonicalName.
var ErrBadName = httpapi.NewCoded(http.StatusBadRequest, "bad_name", "a name is 3 to 20 letters (of any alphabet, with their accents), digits, dots, _ or -")

// ErrNameConfusable refuses a name that reads like another account's.
var ErrNameConfusable = errors.New("name confusable with another")

// CanonicalName is the form a name is kept and shown in: RFC 8265's
// UsernameCasePreserved (full-width letters made normal width, NFC),
// and the project's rules on top, so that a name is its own profile's
// address (/u/NAME): 3 to 20 characters, each a letter of any alphabet,
// a mark following one (an accent, a vowel sign), a digit, '_', '-' or
// '.'.
func CanonicalName(name string) (string, error) {
	c, err := precis.UsernameCasePreserved.String(name)
	if err != nil {
		return "", ErrBadName
	}
	if n := utf8.RuneCountInString(c); n < 3 || n > 20 {
		return "", ErrBadName
	}
	prev := rune(0)
	for _, r := range c {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '_', r == '-', r == '.':
		case unicode.Is(unicode.M, r) && (unicode.IsLetter(prev) || unicode.Is(unicode.M, prev)):
		default:
			return "", ErrBadName
		}
		prev = r
	}
	return c, nil
}

// NameKey is the form two names are the same in: RFC 8265's
// UsernameCaseMapped ("Ann", "ann" and "ＡＮＮ" are one name). A string
// that profile refuses, which no account's name is, is only lowered.
func NameKey(name string) string {
	k, err := precis.UsernameCaseMapped.String(name)
	if err != nil {
		return strings.ToLower(name)
	}
	return k
}

// NameSkeleton is the form two names read alike in: the confusable
// skeleton of Unicode TR 39 (§4) of the name as shown, lowered, and
// taken again, so that case makes no difference either ("Bob" written
// with a Cyrillic В, "B0B" and "bob" are one skeleton, as are "ann1",
// "annl" and "annI"). The skeleton of the name as shown, not of its
// key: lowering first would make a Cyrillic В a в, which reads as a
// small capital B, no longer as a b.
func NameSkeleton(name string) string {
	if c, err := precis.UsernameCasePreserved.String(name); err == nil {
		name = c
	}
	return confusables.Skeleton(strings.ToLower(confusables.Skeleton(name)))
}
