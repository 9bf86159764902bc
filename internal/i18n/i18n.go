// Package i18n holds the catalogues of the words people read, one go-i18n
// file per language (locales/TAG.json: each message with a translator's
// description and its CLDR plural forms), the languages offered, and the
// choice of a reader's language: the cookie the page's menu sets, else the
// browser's Accept-Language. The server sends the page its language's
// file as it is; the page keeps no copy of the words (web/src/i18n.ts).
// The command line and the logs stay in English. See docs/i18n.md.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/carrom-game/carrom/rules/laws"
)

// Language is one language the page can be read in.
type Language struct {
	Tag  string    `json:"tag"`  // BCP 47, and the catalogue's file name: "fr"
	Name string    `json:"name"` // in the language itself: "Français"
	Dir  string    `json:"-"`    // "ltr" or "rtl"
	Book laws.Book `json:"-"`    // the rule book whose numbers it cites beside our rule IDs
}

// Pseudo is the pseudo-locale: English accented and 40 % longer, made from
// en.json when the package loads, to see what a longer language does to
// the layout.
const Pseudo = "en-XA"

// Languages are those offered, English first (the fallback). Adding one is
// its catalogue, locales/TAG.json, and its line here.
var Languages = []Language{
	{"en", "English", "ltr", laws.English},
	{"fr", "Français", "ltr", laws.French},
	{"it", "Italiano", "ltr", laws.Italian},
	{"pl", "Polski", "ltr", laws.Polish},
	{"hi", "हिन्दी", "ltr", laws.English},
	{"ur", "اردو", "rtl", laws.English},
	{Pseudo, "Ƥşéûđö", "ltr", laws.English},
}

//go:embed locales/*.json
var locales embed.FS

var (
	files   = map[string][]byte{}
	bundle  = goi18n.NewBundle(language.English)
	matcher language.Matcher
)

func init() {
	if err := load(); err != nil {
		panic(err)
	}
}

// load reads every catalogue into the bundle, which checks its form, and
// makes the pseudo-locale's.
func load() error {
	bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	var tags []language.Tag
	for _, l := range Languages {
		b, err := locales.ReadFile("locales/" + l.Tag + ".json")
		if l.Tag == Pseudo {
			b, err = pseudoFile(files["en"])
		}
		if err != nil {
			return fmt.Errorf("i18n: %s: %w", l.Tag, err)
		}
		if _, err := bundle.ParseMessageFileBytes(b, l.Tag+".json"); err != nil {
			return fmt.Errorf("i18n: %s: %w", l.Tag, err)
		}
		files[l.Tag] = b
		if l.Tag != Pseudo {
			tags = append(tags, language.MustParse(l.Tag))
		}
	}
	matcher = language.NewMatcher(tags)
	return nil
}

// Localize is the message id in the language tag, with data in its
// placeholders and the plural form of data["Count"]; the id itself if the
// catalogues lack it. For what the server draws itself (the rating chart).
func Localize(tag, id string, data map[string]any) string {
	cfg := &goi18n.LocalizeConfig{MessageID: id, TemplateData: data}
	if n, ok := data["Count"]; ok {
		cfg.PluralCount = n
	}
	s, err := goi18n.NewLocalizer(bundle, tag, Languages[0].Tag).Localize(cfg)
	if err != nil {
		return id
	}
	return s
}

// Bundle is every catalogue, loaded into go-i18n.
func Bundle() *goi18n.Bundle { return bundle }

// Catalogue is a language's file, as the page is sent it.
func Catalogue(tag string) ([]byte, bool) {
	b, ok := files[tag]
	return b, ok
}

// Offered reports whether the page is offered in the language tag.
func Offered(tag string) bool {
	for _, l := range Languages {
		if l.Tag == tag {
			return true
		}
	}
	return false
}

// Choose is the reader's language: the one the cookie names if it is
// offered, else the best match of Accept-Language, else English. The
// pseudo-locale is only ever chosen by name.
func Choose(cookie, acceptLanguage string) Language {
	for _, l := range Languages {
		if l.Tag == cookie {
			return l
		}
	}
	want, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(want) == 0 {
		return Languages[0]
	}
	_, i, conf := matcher.Match(want...)
	if conf == language.No {
		return Languages[0]
	}
	return Languages[i]
}

// accents are the letters the pseudo-locale writes for ASCII ones.
var accents = map[rune]rune{
	'a': 'á', 'b': 'ƀ', 'c': 'ç', 'd': 'đ', 'e': 'é', 'f': 'ƒ', 'g': 'ĝ', 'h': 'ĥ', 'i': 'î', 'j': 'ĵ', 'k': 'ķ', 'l': 'ľ', 'm': 'ɱ',
	'n': 'ñ', 'o': 'ö', 'p': 'þ', 'r': 'ř', 's': 'š', 't': 'ŧ', 'u': 'û', 'w': 'ŵ', 'y': 'ý', 'z': 'ž',
	'A': 'Å', 'B': 'Ɓ', 'C': 'Ç', 'D': 'Đ', 'E': 'É', 'G': 'Ĝ', 'H': 'Ĥ', 'I': 'Î', 'L': 'Ľ', 'N': 'Ñ', 'O': 'Ö', 'P': 'Þ', 'R': 'Ř',
	'S': 'Š', 'T': 'Ŧ', 'U': 'Û', 'W': 'Ŵ', 'Y': 'Ý', 'Z': 'Ž',
}

// pseudo is text accented and about 40 % longer, its placeholders
// ({{.Name}}) kept: every vowel written twice, then a tail of "~" to make
// up what is still short.
func pseudo(s string) string {
	var b strings.Builder
	n, m := 0, 0 // the text's letters, and the pseudo text's, placeholders aside
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "{{") {
			j := strings.Index(s[i:], "}}")
			if j > 0 {
				b.WriteString(s[i : i+j+2])
				i += j + 2
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
		a, ok := accents[r]
		if !ok {
			a = r
		}
		b.WriteRune(a)
		m++
		if strings.ContainsRune("aeiouAEIOU", r) {
			b.WriteRune(a)
			m++
		}
	}
	// The tail is in words of at most four "~", so that it wraps as text
	// does rather than stretch a line past the screen.
	for short := (n*14+9)/10 - m; short > 0; {
		if short > 1 {
			b.WriteByte(' ')
			short--
		}
		k := min(short, 4)
		b.WriteString(strings.Repeat("~", k))
		short -= k
	}
	return b.String()
}

// pseudoFile is en.json with each text made pseudo, the descriptions kept.
func pseudoFile(en []byte) ([]byte, error) {
	var msgs map[string]map[string]string
	if err := json.Unmarshal(en, &msgs); err != nil {
		return nil, err
	}
	for _, m := range msgs {
		for form, text := range m {
			if form != "description" {
				m[form] = pseudo(text)
			}
		}
	}
	return json.MarshalIndent(msgs, "", "  ")
}
