import type { Locale } from '../../../shared/locales.ts';

/** What a mail or SMS says, per purpose and locale. `{code}` and `{link}` are filled in. */
export type MessageKind = 'verify' | 'login' | 'reset' | 'login_data' | 'tournament_prize';

/** Every kind, for tests that walk all templates. */
export const MESSAGE_KINDS: readonly MessageKind[] = [
  'verify',
  'login',
  'reset',
  'login_data',
  'tournament_prize',
];

interface Text {
  /**
   * Fixed text, never filled: subjects travel where bodies do not (mail logs, notification
   * previews, the server's own log lines), so they carry no code, token or link.
   */
  subject: string;
  body: string;
  sms: string;
}

const TEXTS: Record<Locale, Record<MessageKind, Text>> = {
  en: {
    verify: {
      subject: 'Orbita: your confirmation code',
      body: 'Your confirmation code is {code}. It is valid for 10 minutes.\n\nIf you did not create an Orbita account, ignore this message.',
      sms: 'Orbita code: {code}. Valid 10 minutes.',
    },
    login: {
      subject: 'Orbita: your login code',
      body: 'Your login code is {code}. It is valid for 10 minutes.\n\nIf you did not try to log in, ignore this message; your password stays safe.',
      sms: 'Orbita login code: {code}. Valid 10 minutes.',
    },
    reset: {
      subject: 'Orbita: password recovery',
      body: 'Your recovery code is {code}. It is valid for 10 minutes.\n\nOr open this link to choose a new password:\n{link}\n\nIf you did not ask to recover your password, ignore this message.',
      sms: 'Orbita recovery code: {code}. Valid 10 minutes.',
    },
    login_data: {
      subject: 'Orbita: your login details',
      body: 'You log in to Orbita with: {login}\n\nTo set or change your password, open:\n{link}',
      sms: 'Orbita login: {login}. Password: {link}',
    },
    tournament_prize: {
      subject: 'Orbita: you won a tournament prize',
      body: 'Congratulations! You finished in place {place} in the tournament “{name}” and won {prize}.\n\nThe standings and the prizes:\n{link}',
      sms: 'Orbita: place {place} in “{name}”, you won {prize}.',
    },
  },
  ru: {
    verify: {
      subject: 'Orbita: код подтверждения',
      body: 'Ваш код подтверждения: {code}. Он действует 10 минут.\n\nЕсли вы не регистрировались в Orbita, просто проигнорируйте это письмо.',
      sms: 'Код Orbita: {code}. Действует 10 минут.',
    },
    login: {
      subject: 'Orbita: код для входа',
      body: 'Ваш код для входа: {code}. Он действует 10 минут.\n\nЕсли вы не пытались войти, проигнорируйте это письмо: ваш пароль в безопасности.',
      sms: 'Код входа Orbita: {code}. Действует 10 минут.',
    },
    reset: {
      subject: 'Orbita: восстановление пароля',
      body: 'Ваш код восстановления: {code}. Он действует 10 минут.\n\nИли откройте ссылку, чтобы задать новый пароль:\n{link}\n\nЕсли вы не запрашивали восстановление, проигнорируйте это письмо.',
      sms: 'Код восстановления Orbita: {code}. Действует 10 минут.',
    },
    login_data: {
      subject: 'Orbita: данные для входа',
      body: 'Для входа в Orbita используйте: {login}\n\nЧтобы задать или сменить пароль, откройте:\n{link}',
      sms: 'Вход в Orbita: {login}. Пароль: {link}',
    },
    tournament_prize: {
      subject: 'Orbita: вы выиграли приз турнира',
      body: 'Поздравляем! Вы заняли {place} место в турнире «{name}» и выиграли {prize}.\n\nИтоговая таблица и призы:\n{link}',
      sms: 'Orbita: {place} место в «{name}», ваш приз {prize}.',
    },
  },
  kz: {
    verify: {
      subject: 'Orbita: растау коды',
      body: 'Сіздің растау кодыңыз: {code}. Ол 10 минут жарамды.\n\nЕгер сіз Orbita-да тіркелмеген болсаңыз, бұл хатты елемеңіз.',
      sms: 'Orbita коды: {code}. 10 минут жарамды.',
    },
    login: {
      subject: 'Orbita: кіру коды',
      body: 'Сіздің кіру кодыңыз: {code}. Ол 10 минут жарамды.\n\nЕгер сіз кіруге әрекет жасамаған болсаңыз, бұл хатты елемеңіз: құпиясөзіңіз қауіпсіз.',
      sms: 'Orbita кіру коды: {code}. 10 минут жарамды.',
    },
    reset: {
      subject: 'Orbita: құпиясөзді қалпына келтіру',
      body: 'Қалпына келтіру кодыңыз: {code}. Ол 10 минут жарамды.\n\nНемесе жаңа құпиясөз орнату үшін сілтемені ашыңыз:\n{link}\n\nЕгер сіз қалпына келтіруді сұрамаған болсаңыз, бұл хатты елемеңіз.',
      sms: 'Orbita қалпына келтіру коды: {code}. 10 минут жарамды.',
    },
    login_data: {
      subject: 'Orbita: кіру деректері',
      body: 'Orbita-ға кіру үшін пайдаланыңыз: {login}\n\nҚұпиясөзді орнату немесе өзгерту үшін ашыңыз:\n{link}',
      sms: 'Orbita-ға кіру: {login}. Құпиясөз: {link}',
    },
    tournament_prize: {
      subject: 'Orbita: сіз турнир жүлдесін ұттыңыз',
      body: 'Құттықтаймыз! Сіз «{name}» турнирінде {place}-орын алып, {prize} ұттыңыз.\n\nҚорытынды кесте мен жүлделер:\n{link}',
      sms: 'Orbita: «{name}» турнирінде {place}-орын, жүлдеңіз {prize}.',
    },
  },
  br: {
    verify: {
      subject: 'Orbita: seu código de confirmação',
      body: 'Seu código de confirmação é {code}. Ele vale por 10 minutos.\n\nSe você não criou uma conta na Orbita, ignore esta mensagem.',
      sms: 'Código Orbita: {code}. Válido por 10 minutos.',
    },
    login: {
      subject: 'Orbita: seu código de acesso',
      body: 'Seu código de acesso é {code}. Ele vale por 10 minutos.\n\nSe não foi você que tentou entrar, ignore esta mensagem: sua senha continua segura.',
      sms: 'Código de acesso Orbita: {code}. Válido por 10 minutos.',
    },
    reset: {
      subject: 'Orbita: recuperação de senha',
      body: 'Seu código de recuperação é {code}. Ele vale por 10 minutos.\n\nOu abra este link para criar uma nova senha:\n{link}\n\nSe você não pediu a recuperação, ignore esta mensagem.',
      sms: 'Código de recuperação Orbita: {code}. Válido por 10 minutos.',
    },
    login_data: {
      subject: 'Orbita: seus dados de acesso',
      body: 'Você entra na Orbita com: {login}\n\nPara definir ou trocar sua senha, abra:\n{link}',
      sms: 'Acesso Orbita: {login}. Senha: {link}',
    },
    tournament_prize: {
      subject: 'Orbita: você ganhou um prêmio de torneio',
      body: 'Parabéns! Você terminou em {place}º lugar no torneio “{name}” e ganhou {prize}.\n\nA classificação e os prêmios:\n{link}',
      sms: 'Orbita: {place}º lugar em “{name}”, seu prêmio é {prize}.',
    },
  },
  hi: {
    verify: {
      subject: 'Orbita: आपका कन्फ़र्मेशन कोड',
      body: 'आपका कन्फ़र्मेशन कोड {code} है। यह 10 मिनट तक मान्य है।\n\nअगर आपने Orbita पर अकाउंट नहीं बनाया है, तो इस मैसेज को अनदेखा करें।',
      sms: 'Orbita कोड: {code}। 10 मिनट तक मान्य।',
    },
    login: {
      subject: 'Orbita: आपका लॉग इन कोड',
      body: 'आपका लॉग इन कोड {code} है। यह 10 मिनट तक मान्य है।\n\nअगर आपने लॉग इन करने की कोशिश नहीं की, तो इस मैसेज को अनदेखा करें: आपका पासवर्ड सुरक्षित है।',
      sms: 'Orbita लॉग इन कोड: {code}। 10 मिनट तक मान्य।',
    },
    reset: {
      subject: 'Orbita: पासवर्ड रिकवरी',
      body: 'आपका रिकवरी कोड {code} है। यह 10 मिनट तक मान्य है।\n\nया नया पासवर्ड सेट करने के लिए यह लिंक खोलें:\n{link}\n\nअगर आपने रिकवरी नहीं माँगी, तो इस मैसेज को अनदेखा करें।',
      sms: 'Orbita रिकवरी कोड: {code}। 10 मिनट तक मान्य।',
    },
    login_data: {
      subject: 'Orbita: आपकी लॉग इन जानकारी',
      body: 'Orbita में लॉग इन के लिए इस्तेमाल करें: {login}\n\nपासवर्ड सेट करने या बदलने के लिए खोलें:\n{link}',
      sms: 'Orbita लॉग इन: {login}। पासवर्ड: {link}',
    },
    tournament_prize: {
      subject: 'Orbita: आपने टूर्नामेंट का इनाम जीता',
      body: 'बधाई हो! आप टूर्नामेंट “{name}” में {place} स्थान पर रहे और {prize} जीते।\n\nअंतिम रैंकिंग और इनाम:\n{link}',
      sms: 'Orbita: “{name}” में {place} स्थान, आपका इनाम {prize}।',
    },
  },
};

/** The mail (subject, body) and SMS text of `kind` in `locale`; `values` fill the bodies only. */
export function renderMessage(kind: MessageKind, locale: Locale, values: Record<string, string>): Text {
  // A link the sender cannot build (no public address) drops the paragraph that leads to it.
  const linkless = (text: string) => (values.link === '' ? text.replace(/\n\n[^\n]*\n\{link\}$/, '') : text);
  const fill = (text: string) => linkless(text).replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  const text = TEXTS[locale][kind];
  return { subject: text.subject, body: fill(text.body), sms: fill(text.sms) };
}
