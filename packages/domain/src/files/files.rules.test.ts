import { describe, expect, it } from 'vitest';
import { filePurposes, maxFileNameStem, purposeAccepts, safeFileName } from './files.rules';

describe('safeFileName', () => {
  it('keeps the last path segment and gives it the extension of the detected type', () => {
    expect(safeFileName('C:\\fakepath\\scan.JPG', 'pdf')).toBe('scan.pdf');
    expect(safeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(safeFileName('report.final.pdf', 'pdf')).toBe('report.final.pdf');
  });

  it('drops control and bidi characters and replaces reserved ones', () => {
    expect(safeFileName('in\u0000voice\u202Egpj.exe', 'png')).toBe('invoicegpj.png');
    expect(safeFileName('a<b>:c"d|e?f*g.jpg', 'jpg')).toBe('a_b__c_d_e_f_g.jpg');
    expect(safeFileName('  line\nbreak\t name .jpeg', 'jpg')).toBe('line break name.jpg');
  });

  it('keeps accents (NFC) and bounds the length', () => {
    expect(safeFileName('Mari\u0301a.png', 'png')).toBe('María.png');
    const long = safeFileName(`${'ñ'.repeat(300)}.pdf`, 'pdf');
    expect(Array.from(long)).toHaveLength(maxFileNameStem + 4);
  });

  it('never answers an empty or hidden name', () => {
    for (const name of ['', '.', '..', '...', '/', ' \u202E ']) {
      expect(safeFileName(name, 'jpg')).toBe('file.jpg');
    }
    expect(safeFileName('.bashrc', 'pdf')).toBe('bashrc.pdf');
  });
});

describe('purposes', () => {
  it('accept only the known kinds, and avatars only images', () => {
    for (const purpose of filePurposes) expect(purposeAccepts[purpose].length).toBeGreaterThan(0);
    expect(purposeAccepts.avatar).not.toContain('pdf');
  });
});
