import './guard.css';

/**
 * A modal dialog in plain DOM (the native `<dialog>`: focus moves into it and stays, the page
 * behind is inert): the reality check. Escape answers it with the first action.
 */
export interface DialogAction {
  label: string;
  kind?: 'primary' | 'plain' | 'ghost';
  testid?: string;
  run: () => void;
}

export interface DialogContent {
  id: string;
  title: string;
  lead: string;
  facts: { label: string; value: string; testid?: string; tone?: 'plus' | 'minus' }[];
  actions: DialogAction[];
}

export function openDialog(content: DialogContent): () => void {
  const dialog = document.createElement('dialog');
  dialog.className = 'rg-dialog';
  dialog.dataset.testid = content.id;
  const titleId = `${content.id}-title`;
  dialog.setAttribute('aria-labelledby', titleId);

  const title = document.createElement('h2');
  title.id = titleId;
  title.textContent = content.title;
  const lead = document.createElement('p');
  lead.className = 'rg-dialog-lead';
  lead.textContent = content.lead;
  dialog.setAttribute('aria-describedby', `${content.id}-lead`);
  lead.id = `${content.id}-lead`;

  const facts = document.createElement('dl');
  facts.className = 'rg-dialog-facts';
  for (const fact of content.facts) {
    const row = document.createElement('div');
    const term = document.createElement('dt');
    term.textContent = fact.label;
    const value = document.createElement('dd');
    value.textContent = fact.value;
    if (fact.testid) value.dataset.testid = fact.testid;
    if (fact.tone) value.dataset.tone = fact.tone;
    row.append(term, value);
    facts.append(row);
  }

  const actions = document.createElement('div');
  actions.className = 'rg-dialog-actions';
  const close = () => {
    if (dialog.open) dialog.close();
    dialog.remove();
  };
  for (const action of content.actions) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `btn${action.kind === 'primary' ? ' btn-primary' : action.kind === 'ghost' ? ' btn-ghost' : ''}`;
    button.textContent = action.label;
    if (action.testid) button.dataset.testid = action.testid;
    button.addEventListener('click', () => {
      close();
      action.run();
    });
    actions.append(button);
  }
  dialog.append(title, lead, facts, actions);
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    close();
    content.actions[0]?.run();
  });
  document.body.append(dialog);
  dialog.showModal();
  actions.querySelector<HTMLButtonElement>('button')?.focus();
  return close;
}
