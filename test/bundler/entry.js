// A partner's app entry, bundled with code splitting by scripts/build-test-apps.mjs. It imports the
// built npm entry as the package's exports map names it (dist/lib), not our sources.
import '../../dist/lib/entries/define.js';
