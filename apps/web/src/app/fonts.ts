// Self-hosted fonts: the CSP and the privacy promise allow no third-party requests.
// Only the latin subset: it covers German (ä, ö, ü, ß, €); the other subsets would only grow the build.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
// page titles and headings: spec 3's Roboto Condensed, one weight (issue 32 item 8: one heading style everywhere)
import '@fontsource/roboto-condensed/latin-500.css';
