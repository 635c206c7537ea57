/** An acute-care evaluation that passes (the 'acute' Rx product): for tests that need a visit. */
export const acuteAnswers = {
  conditions: ['none'],
  medications: 'none',
  allergies: 'none',
  weightLbs: '170',
  heightIn: '70',
  acuteProblem: 'A rash on my arm for four days',
  acuteDuration: 'days',
};
