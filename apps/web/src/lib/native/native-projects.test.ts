import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';

/**
 * The committed native projects (apps/web/android, apps/web/ios) grant what the web app uses
 * natively. A missing Android permission makes Capacitor's web view refuse the page
 * (getUserMedia rejects: no video visit); a missing iOS usage string makes iOS end the app when
 * it asks. What the app needs is read from its code where it can be: the getUserMedia calls and
 * file inputs under src/, the Capacitor plugins in package.json (their Android sources name the
 * run-time permissions they ask), and Capacitor's own web view client (which permissions a camera
 * or microphone request turns into). The rest is the short table below, each line saying where
 * it comes from. Also: no backups of the app's data (a health app's data stays on the phone).
 */
const web = path.resolve(import.meta.dirname, '../../..');
const root = path.resolve(web, '../..');
const src = path.join(web, 'src');
const android = path.join(web, 'android/app/src/main');
const ios = path.join(web, 'ios/App');

const CAMERA = 'android.permission.CAMERA';
const RECORD_AUDIO = 'android.permission.RECORD_AUDIO';

interface Needs {
  /** Android permissions the app's manifest must declare. */
  readonly android: Set<string>;
  /** Info.plist keys (NS...UsageDescription) that must hold an honest, non-empty text. */
  readonly iosUsage: Set<string>;
  /** App.entitlements keys. */
  readonly iosEntitlements: Set<string>;
  /** Why each item is needed: the failure messages name it. */
  readonly why: Map<string, string[]>;
}

/**
 * What a plugin needs that neither its Android source nor its README shows, and a line per plugin
 * so that adding one to package.json means reading its installation notes first.
 */
const pluginNotes: Record<string, { android?: string[]; iosEntitlements?: string[] }> = {
  // Foreground events and deep links: nothing to grant.
  '@capacitor/app': {},
  // POST_NOTIFICATIONS (Android 13+) comes from its source; iOS asks at run time, no usage string,
  // but APNs needs the entitlement.
  '@capacitor/push-notifications': { iosEntitlements: ['aps-environment'] },
  // The prompt is androidx.biometric's BiometricPrompt (its own manifest asks USE_BIOMETRIC, merged
  // at build time; declared here too so the app's manifest lists it). NSFaceIDUsageDescription
  // comes from the plugin's README.
  '@aparajita/capacitor-biometric-auth': { android: ['android.permission.USE_BIOMETRIC'] },
  // Keychain and Keystore: nothing to grant.
  '@aparajita/capacitor-secure-storage': {},
};

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, keep);
    return keep(name) ? [full] : [];
  });
}

const appSources = filesUnder(
  src,
  (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name),
).map((file) => ({ file: path.relative(web, file), text: readFileSync(file, 'utf8') }));

function packageDir(name: string): string {
  for (const base of [web, root]) {
    const dir = path.join(base, 'node_modules', name);
    if (existsSync(path.join(dir, 'package.json'))) return dir;
  }
  throw new Error(`${name} is not installed (npm install)`);
}

/**
 * The permissions Capacitor's web view client asks when a page wants the camera (VIDEO_CAPTURE)
 * or the microphone (AUDIO_CAPTURE): BridgeWebChromeClient.onPermissionRequest asks them at run
 * time and refuses the page unless every one is granted, and Android grants only what the
 * manifest declares.
 */
function webViewCapturePermissions(resource: 'VIDEO_CAPTURE' | 'AUDIO_CAPTURE'): string[] {
  const [client] = filesUnder(
    path.join(packageDir('@capacitor/android'), 'capacitor/src/main/java'),
    (name) => name === 'BridgeWebChromeClient.java',
  );
  if (!client) throw new Error('@capacitor/android has no BridgeWebChromeClient.java');
  const block = new RegExp(`\\.${resource}"\\)\\)\\s*\\{([^}]*)\\}`).exec(
    readFileSync(client, 'utf8'),
  )?.[1];
  if (!block) {
    throw new Error(
      `BridgeWebChromeClient no longer reads ${resource} as this test expects: read its onPermissionRequest again`,
    );
  }
  return [...block.matchAll(/Manifest\.permission\.([A-Z_]+)/g)].map(
    ([, name]) => `android.permission.${name}`,
  );
}

function add(needs: Needs, kind: keyof Omit<Needs, 'why'>, item: string, why: string): void {
  needs[kind].add(item);
  needs.why.set(item, [...new Set([...(needs.why.get(item) ?? []), why])]);
}

function whatTheWebAppNeeds(): Needs {
  const needs: Needs = {
    android: new Set(['android.permission.INTERNET']),
    iosUsage: new Set(),
    iosEntitlements: new Set(),
    why: new Map([['android.permission.INTERNET', ['the API and the video']]]),
  };

  // getUserMedia: the video visit's camera and microphone.
  for (const { file, text } of appSources) {
    for (const call of text.matchAll(/getUserMedia\(([^)]*)\)/g)) {
      const constraints = call[1] ?? '';
      if (!/^\s*\{[^}]*\}\s*$/.test(constraints)) {
        throw new Error(`${file}: cannot tell what getUserMedia(${constraints}) asks for`);
      }
      const why = `getUserMedia in ${file}`;
      if (/\bvideo\s*:/.test(constraints)) {
        for (const p of webViewCapturePermissions('VIDEO_CAPTURE')) add(needs, 'android', p, why);
        add(needs, 'iosUsage', 'NSCameraUsageDescription', why);
      }
      if (/\baudio\s*:/.test(constraints)) {
        for (const p of webViewCapturePermissions('AUDIO_CAPTURE')) add(needs, 'android', p, why);
        add(needs, 'iosUsage', 'NSMicrophoneUsageDescription', why);
      }
    }
    // A file input: iOS's web view offers "Take Photo" beside the library and the files, which
    // opens the camera. (Android's shows the file picker: it opens the camera only for a
    // `capture` input, which the app has none of.)
    if (/type="file"/.test(text)) {
      add(needs, 'iosUsage', 'NSCameraUsageDescription', `file input in ${file}`);
      expect(text, `${file}: a capture file input needs CAMERA on Android`).not.toMatch(
        /\bcapture[=\s]/,
      );
    }
  }

  // The Capacitor plugins (dependencies with a "capacitor" field, as the CLI finds them).
  const pkg = JSON.parse(readFileSync(path.join(web, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of Object.keys(pkg.dependencies)) {
    const dir = packageDir(name);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      capacitor?: unknown;
    };
    if (!manifest.capacitor) continue;
    const notes = pluginNotes[name];
    if (!notes) {
      throw new Error(
        `${name} is a Capacitor plugin this test does not know: read its installation notes and add it to pluginNotes`,
      );
    }
    const why = `the ${name} plugin`;
    const androidSource = filesUnder(path.join(dir, 'android/src/main'), (f) =>
      /\.(java|kt)$/.test(f),
    )
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    for (const [, permission] of androidSource.matchAll(/Manifest\.permission\.([A-Z_]+)/g)) {
      add(needs, 'android', `android.permission.${permission}`, why);
    }
    for (const permission of notes.android ?? []) add(needs, 'android', permission, why);
    const readme = existsSync(path.join(dir, 'README.md'))
      ? readFileSync(path.join(dir, 'README.md'), 'utf8')
      : '';
    for (const [key] of readme.matchAll(/\bNS[A-Za-z]+UsageDescription\b/g)) {
      add(needs, 'iosUsage', key, why);
    }
    for (const key of notes.iosEntitlements ?? []) add(needs, 'iosEntitlements', key, why);
  }
  return needs;
}

function parseXml(file: string) {
  return new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'text/xml');
}

function childElements(element: Element): Element[] {
  const out: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE) out.push(node as Element);
  }
  return out;
}

/** A plist's top dictionary: key -> its value element. */
function plistDict(file: string): Map<string, Element> {
  const dict = parseXml(file).getElementsByTagName('dict')[0];
  if (!dict) throw new Error(`${file}: no <dict>`);
  const entries = new Map<string, Element>();
  const children = childElements(dict);
  for (let i = 0; i < children.length; i += 2) {
    const key = children[i];
    const value = children[i + 1];
    if (key?.tagName !== 'key' || !value) throw new Error(`${file}: a <dict> out of pairs`);
    entries.set(key.textContent ?? '', value);
  }
  return entries;
}

/** An old-style .strings file ("KEY" = "text"; lines, with comments): key -> text. */
function parseStrings(file: string): Map<string, string> {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const entries = new Map<string, string>();
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    const match = /^\s*"?([A-Za-z0-9_.~-]+)"?\s*=\s*"((?:[^"\\]|\\.)*)"\s*;\s*$/.exec(line);
    if (!match?.[1]) throw new Error(`${file}: not a "key" = "text"; line: ${line}`);
    entries.set(match[1], (match[2] ?? '').replace(/\\(.)/g, '$1'));
  }
  return entries;
}

const needs = whatTheWebAppNeeds();
const explain = (item: string) => `${item} (for ${needs.why.get(item)?.join('; ')})`;

describe('what the web app needs natively', () => {
  it('is found in the code: the video visit, the file inputs and the plugins', () => {
    // The finders found what the app is known to use; were one to stop finding it (a moved call),
    // the checks below would pass on nothing.
    expect([...needs.android]).toEqual(
      expect.arrayContaining([
        CAMERA,
        RECORD_AUDIO,
        'android.permission.MODIFY_AUDIO_SETTINGS',
        'android.permission.POST_NOTIFICATIONS',
        'android.permission.USE_BIOMETRIC',
      ]),
    );
    expect([...needs.iosUsage].sort()).toEqual([
      'NSCameraUsageDescription',
      'NSFaceIDUsageDescription',
      'NSMicrophoneUsageDescription',
    ]);
  });
});

describe('the Android app (AndroidManifest.xml)', () => {
  const manifest = parseXml(path.join(android, 'AndroidManifest.xml'));
  const application = manifest.getElementsByTagName('application')[0];
  const declared = Array.from(manifest.getElementsByTagName('uses-permission')).map((e) =>
    e.getAttribute('android:name'),
  );

  it('declares every permission the web app needs', () => {
    const missing = [...needs.android].filter((p) => !declared.includes(p));
    expect(missing.map(explain)).toEqual([]);
  });

  it('installs on a device without a camera or a microphone (no visit by video there, the rest works)', () => {
    // Play Store reads CAMERA and RECORD_AUDIO as "requires this hardware" unless the manifest says
    // otherwise (the features those permissions imply).
    const implied: Record<string, string[]> = {
      [CAMERA]: ['android.hardware.camera', 'android.hardware.camera.autofocus'],
      [RECORD_AUDIO]: ['android.hardware.microphone'],
    };
    const features = new Map(
      Array.from(manifest.getElementsByTagName('uses-feature')).map((e) => [
        e.getAttribute('android:name'),
        e.getAttribute('android:required'),
      ]),
    );
    const required = Object.entries(implied)
      .filter(([permission]) => declared.includes(permission))
      .flatMap(([, hardware]) => hardware)
      .filter((feature) => features.get(feature) !== 'false');
    expect(required).toEqual([]);
  });

  it('keeps the app data out of backups and device-to-device transfers', () => {
    expect(application?.getAttribute('android:allowBackup')).toBe('false');
    // Android 6 to 11's Auto Backup, off as well should allowBackup ever be turned on.
    expect(application?.getAttribute('android:fullBackupContent')).toBe('false');
    // Android 12 and later: allowBackup="false" stops the cloud backup but not a transfer to a new
    // phone; these rules exclude every domain from both.
    const rules = /^@xml\/(.+)$/.exec(
      application?.getAttribute('android:dataExtractionRules') ?? '',
    );
    expect(rules?.[1], 'android:dataExtractionRules="@xml/..."').toBeTruthy();
    const document = parseXml(path.join(android, 'res/xml', `${rules?.[1]}.xml`));
    // The domains the documentation lists (and lint knows); the app keeps nothing in the
    // device-protected ones (it is not direct-boot aware).
    const domains = ['root', 'file', 'database', 'sharedpref', 'external'];
    for (const section of ['cloud-backup', 'device-transfer']) {
      const element = document.getElementsByTagName(section)[0];
      expect(element, `<${section}>`).toBeTruthy();
      if (!element) continue;
      expect(element.getElementsByTagName('include').length, `<${section}> includes`).toBe(0);
      const excluded = Array.from(element.getElementsByTagName('exclude'))
        .filter((e) => e.getAttribute('path') === '.')
        .map((e) => e.getAttribute('domain'));
      expect(
        domains.filter((d) => !excluded.includes(d)),
        `<${section}> domains not excluded`,
      ).toEqual([]);
    }
  });
});

describe('the iOS app (Info.plist, es.lproj/InfoPlist.strings)', () => {
  const info = plistDict(path.join(ios, 'App/Info.plist'));
  const text = (key: string) =>
    info.get(key)?.tagName === 'string' ? (info.get(key)?.textContent ?? '').trim() : '';

  it('has a usage text for every permission the web app asks', () => {
    const missing = [...needs.iosUsage].filter((key) => text(key).length < 10);
    expect(missing.map(explain)).toEqual([]);
  });

  it('says them in Spanish too, the product’s other language', () => {
    const spanishFile = path.join(ios, 'App/es.lproj/InfoPlist.strings');
    expect(existsSync(spanishFile), 'App/es.lproj/InfoPlist.strings').toBe(true);
    if (!existsSync(spanishFile)) return;
    const spanish = parseStrings(spanishFile);
    const usageKeys = [...info.keys()].filter((key) => /^NS\w+UsageDescription$/.test(key));
    const untranslated = [...new Set([...needs.iosUsage, ...usageKeys])].filter(
      (key) => (spanish.get(key)?.trim().length ?? 0) < 10 || spanish.get(key) === text(key),
    );
    expect(untranslated).toEqual([]);
    // And Xcode copies it into the app: a localized resource of the App target, es a known region.
    const project = readFileSync(path.join(ios, 'App.xcodeproj/project.pbxproj'), 'utf8');
    expect(project).toMatch(/knownRegions = \([^)]*\bes,/);
    expect(project).toMatch(/name = es; path = es\.lproj\/InfoPlist\.strings;/);
    const resources = /isa = PBXResourcesBuildPhase;[^)]*\)/.exec(project)?.[0] ?? '';
    expect(resources).toContain('InfoPlist.strings in Resources');
  });

  it('keeps the app data out of iCloud and computer backups', () => {
    // The web view's storage and the preferences are under Library/: the app marks it excluded
    // at launch (Swift is not compiled here; the call and its place are what is checked).
    const delegate = readFileSync(path.join(ios, 'App/AppDelegate.swift'), 'utf8');
    const launch = /didFinishLaunchingWithOptions[^{]*\{([^}]*)\}/.exec(delegate)?.[1] ?? '';
    expect(launch).toContain('excludeAppDataFromBackups()');
    expect(delegate).toMatch(/urls\(for: \.libraryDirectory, in: \.userDomainMask\)/);
    expect(delegate).toMatch(/isExcludedFromBackup = true/);
    expect(delegate).toMatch(/setResourceValues\(values\)/);
    // The biometric credential's Keychain item is saved this-device-only (never restored on
    // another phone), and not synchronised to iCloud.
    const biometric = readFileSync(path.join(src, 'lib/native/biometric-login.ts'), 'utf8');
    expect(biometric).toMatch(/KeychainAccess\.whenUnlockedThisDeviceOnly/);
    expect(biometric).toMatch(
      /storage\.set\(credentialKey, \{ \.\.\.saved \}, false, false, thisDeviceOnly\)/,
    );
  });

  it('has the entitlements the plugins need', () => {
    const entitlements = plistDict(path.join(ios, 'App/App.entitlements'));
    expect([...needs.iosEntitlements].filter((key) => !entitlements.has(key))).toEqual([]);
  });
});
