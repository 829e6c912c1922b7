// Self-hosted fonts: the CSP and the privacy promise allow no third-party requests.
// Only the latin subset: it covers German (ä, ö, ü, ß, €); the other subsets would only grow the build.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto-slab/latin-500.css';
